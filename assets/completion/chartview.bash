# bash completion for chartview(1). Installed by `make install` into
# share/bash-completion/completions/chartview. The flags, kinds, themes, color maps and formats
# are asked of the binary (`chartview --values NAME`), which has them once, in its code; the
# charts too (`chartview --list`). Which flags take a value and how each completes is the part
# between the BEGIN and END lines, written from the binary's options' table by
# `make completion`. Tested by Tests/ChartviewTests/CompletionTests.swift.
#
# Every candidate is data, never shell text: what the binary prints and the names of files are
# read line by line (or globbed from a quoted prefix) into COMPREPLY and filtered by prefix here;
# nothing they hold is ever expanded, split, globbed or run (no compgen -W, no eval). What is
# inserted is quoted here (printf %q), a file's name as a chart's: not by readline (compopt -o
# filenames), which quotes the name of a file that exists but leaves $ and ` live in the prefix
# several names share, which is no file's name (`uname`a.csv and `uname`b.csv: `uname`).

# The word the shell would read from `$1` as typed, quotes removed, in REPLY, without running
# or expanding anything: backslashes, '…', "…" and $'…' are undone, a leading ~/ and $NAME or
# ${NAME} are the values they name; any other expansion ($(…), `…`, ${…:-…}) fails (status 1).
# A word may end unfinished, as it is typed: inside a quote, in a lone `$` (a `$`, as the shell
# reads it there) or in a lone backslash (_chartview_tail=escape: the next character typed is
# quoted by it; after an unquoted `$` _chartview_tail=dollar).
_chartview_dequote() {
    local word=$1 out="" quote="" c next name escape i=0 n=${#1}
    _chartview_tail=""
    if [[ $word == "~" || $word == "~/"* ]]; then
        out=$HOME
        i=1
    fi
    while ((i < n)); do
        c=${word:i:1}
        next=${word:i+1:1}
        if [[ $quote == "'" ]]; then
            if [[ $c == "'" ]]; then quote=""; else out+=$c; fi
        elif [[ $quote == '$' ]]; then
            # $'…': its escapes, as printf's %b reads them (octal with a 0 first); \cX fails.
            if [[ $c == "'" ]]; then
                quote=""
            elif [[ $c == '\' && $next == "" ]]; then
                _chartview_tail=escape
            elif [[ $c == '\' ]]; then
                [[ ${word:i+1} =~ ^(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|[^c]) ]] || return 1
                escape=${BASH_REMATCH[1]}
                ((i += ${#escape}))
                case $escape in
                    '\' | "'" | '"' | '?') out+=$escape ;;
                    [0-7]*) printf -v escape '%b' "\\0$escape" && out+=$escape ;;
                    *) printf -v escape '%b' "\\$escape" && out+=$escape ;;
                esac
            else
                out+=$c
            fi
        elif [[ $c == '\' && $next == "" ]]; then
            _chartview_tail=escape
        elif [[ $c == '\' ]]; then
            if [[ $quote == '"' && $next != [\$\`\"\\] ]]; then
                out+=$c
            else
                out+=$next
                ((i++))
            fi
        elif [[ $c == '"' ]]; then
            if [[ $quote == '"' ]]; then quote=""; else quote='"'; fi
        elif [[ $c == "'" && $quote == "" ]]; then
            quote="'"
        elif [[ $c == '$' && $next == "'" && $quote == "" ]]; then
            quote='$'
            ((i++))
        elif [[ $c == '$' && $next == "" ]]; then
            # A `$` the word ends in is a `$` (the start of a name typed so far).
            out+=$c
            [[ $quote ]] || _chartview_tail=dollar
        elif [[ $c == '$' ]]; then
            # A variable by its name alone: its value, looked up, never evaluated.
            if [[ ${word:i+1} =~ ^([A-Za-z_][A-Za-z0-9_]*) ]]; then
                name=${BASH_REMATCH[1]}
                ((i += ${#name}))
            elif [[ ${word:i+1} =~ ^\{([A-Za-z_][A-Za-z0-9_]*)\} ]]; then
                name=${BASH_REMATCH[1]}
                ((i += ${#name} + 2))
            else
                return 1
            fi
            out+=${!name}
        elif [[ $c == '`' ]]; then
            return 1
        else
            out+=$c
        fi
        ((i++))
    done
    REPLY=$out
}

# Whether `$1` is a name the word typed (dequoted to `$2`, _chartview_tail as
# _chartview_dequote left it) may complete to: it starts with `$2`, and after a lone backslash
# the character next is one that is quoted by one.
_chartview_matches() {
    [[ $1 == "$2"* ]] || return 1
    [[ $_chartview_tail == escape ]] || return 0
    local next=${1:${#2}:1} code
    [[ $next ]] || return 1
    printf -v code '%q' "$next"
    [[ $code == '\'* ]]
}

# `$1` quoted character by character (printf %q of each, so `$'\n'` for a line break), in REPLY:
# the shell reads back exactly `$1`, and any prefix of the text ends between two characters'
# codes or inside one, where nothing is yet expanded or run.
_chartview_quote() {
    local text=$1 code out="" i
    [[ $text ]] && printf -v out '%q' "$text"
    if [[ $out == "\$'"* ]]; then
        out=""
        for ((i = 0; i < ${#text}; i++)); do
            printf -v code '%q' "${text:i:1}"
            out+=$code
        done
    fi
    REPLY=$out
}

# COMPREPLY: the names after `$1` (the word typed, all of which start with what it reads as),
# each as the text readline puts in place of the word, quoted here: readline quotes nothing
# (no -o filenames). That is the word from its start; inside a quote the word opens and leaves
# open (as readline finds it: a backslash quotes the next character outside '…'), readline
# replaces from just after the quote, or from the quote when the text starts with it, as each
# does here: '' (or "") first and last, so the word reads as what precedes the quote, then the
# name quoted, and readline adds no closing quote. A lone name that is a folder (ending in /)
# gets no space after it. When several names are offered, readline inserts the text they all
# start with: where that would end inside one character's code (after a lone backslash, in an
# open $'…'), the first name's next character is quoted another way ('…', or "'"), so it ends
# between codes, where the word is whole shell text that reads as the prefix the names share.
_chartview_offer() {
    local word=$1 keep="" head="" tail="" literal="" c quote="" at=-1 i name next code common
    shift
    for ((i = 0; i < ${#word}; i++)); do
        c=${word:i:1}
        if [[ $quote != "'" && $c == '\' ]]; then
            ((i++))
        elif [[ $quote ]]; then
            [[ $c == "$quote" ]] && quote=""
        elif [[ $c == [\'\"] ]]; then
            quote=$c
            at=$i
        fi
    done
    if [[ $quote ]]; then
        keep=${word:0:at}
        head=$quote$quote
        tail=$quote$quote
        # What the word holds before its quote (a `$` there opens $'…').
        _chartview_dequote "$keep" || return 0
        literal=$REPLY
        [[ $_chartview_tail == dollar ]] && literal=${literal%'$'}
    elif [[ $word == "~/"* ]]; then
        head="~/"
        literal=$HOME/
    fi
    local -a rests=()
    for name in "$@"; do
        [[ $name == "$literal"* ]] && rests+=("${name#"$literal"}")
    done
    COMPREPLY=()
    ((${#rests[@]})) || return 0
    # The characters every name has first, then each name's own.
    common=${rests[0]}
    for name in "${rests[@]}"; do
        while [[ $name != "$common"* ]]; do common=${common%?}; done
    done
    local first="" same=1
    if ((${#rests[@]} > 1)); then
        for name in "${rests[@]}"; do
            next=${name:${#common}:1}
            [[ $next ]] || { same=0; break; }
            printf -v code '%q' "$next"
            code=${code:0:1}
            [[ $first ]] || first=$code
            [[ $code == "$first" ]] || same=0
        done
    else
        same=0
    fi
    _chartview_quote "$common"
    local quoted=$REPLY
    for name in "${rests[@]}"; do
        next=${name:${#common}}
        if ((same)); then
            same=0
            if [[ ${next:0:1} == "'" ]]; then code=\"\'\"; else code="'${next:0:1}'"; fi
            _chartview_quote "${next:1}"
            COMPREPLY+=("$head$quoted$code$REPLY$tail")
        else
            _chartview_quote "$next"
            COMPREPLY+=("$head$quoted$REPLY$tail")
        fi
    done
    if ((${#rests[@]} == 1)) && [[ ${rests[0]} == */ ]]; then
        compopt -o nospace 2>/dev/null
    fi
}

# COMPREPLY: those of the arguments that start with `$1` (dequoted), each quoted (printf %q) as
# the shell reads back exactly that word.
_chartview_reply() {
    local word=$1 prefix candidate
    shift
    COMPREPLY=()
    _chartview_dequote "$word" || return 0
    prefix=$REPLY
    local -a names=()
    for candidate in "$@"; do
        _chartview_matches "$candidate" "$prefix" && names+=("$candidate")
    done
    _chartview_offer "$word" "${names[@]}"
}

# COMPREPLY: the files starting with `$1` (dequoted) whose names end in one of the extensions
# after it (any case), and the folders (with a / after them), quoted as _chartview_offer quotes
# them; a name starting with "-" by a path (./-name), as chartview would read it as a flag. The
# prefix is globbed quoted (`"$prefix"*`), so a `*`, `?` or `[…]` in it is a character of a
# name; the glob settings it changes are put back.
_chartview_files() {
    local word=$1 prefix path lower extension wanted
    shift
    COMPREPLY=()
    _chartview_dequote "$word" || return 0
    prefix=$REPLY
    local tail=$_chartview_tail
    local -
    set +f
    local failglob nocaseglob dotglob
    shopt -q failglob && failglob=1
    shopt -q nocaseglob && nocaseglob=1
    shopt -q dotglob && dotglob=1
    shopt -u failglob nocaseglob dotglob
    local -a paths=("$prefix"*) names=()
    [[ $failglob ]] && shopt -s failglob
    [[ $nocaseglob ]] && shopt -s nocaseglob
    [[ $dotglob ]] && shopt -s dotglob
    for path in "${paths[@]}"; do
        # An unmatched pattern is itself; a file of that name is there only if it exists.
        [[ -e $path || -L $path ]] || continue
        _chartview_tail=$tail
        _chartview_matches "$path" "$prefix" || continue
        [[ $path == -* ]] && path=./$path
        if [[ -d $path ]]; then
            names+=("$path/")
            continue
        fi
        lower=${path,,}
        for extension in "$@"; do
            wanted=".$extension"
            if [[ $lower == *"$wanted" ]]; then
                names+=("$path")
                break
            fi
        done
    done
    _chartview_offer "$word" "${names[@]}"
}

# COMPREPLY: the values of the list `$3` (a flag's name without its dashes) that the binary `$2`
# prints (`chartview --values NAME`) and that start with `$1`.
_chartview_choices() {
    local -a lines
    mapfile -t lines < <("$2" --values "$3" 2>/dev/null)
    _chartview_reply "$1" "${lines[@]}"
}

# COMPREPLY: the charts starting with `$1` of the file given so far, else the demo gallery's, as
# the binary `$2` lists them. A chart's name may hold anything: it is inserted quoted.
_chartview_charts() {
    local file="" word i
    local -a lines
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        # Not a flag, a flag's value or an "=" bash split --flag=value at.
        [[ $word == -* || $word == = || ${COMP_WORDS[i - 1]} == = ]] && continue
        _chartview_takes_value "${COMP_WORDS[i - 1]}" && continue
        # A data file the shell would expand, not read, names no charts here.
        _chartview_dequote "$word" || return 0
        file=$REPLY
    done
    # A file named like a flag is passed by a path.
    [[ $file == -* ]] && file=./$file
    mapfile -t lines < <("$2" ${file:+"$file"} --list 2>/dev/null)
    _chartview_reply "$1" "${lines[@]}"
}

# BEGIN generated by `chartview --generate-completion-script SHELL` (make completion): do not edit.
# Whether flag `$1` takes a value, the next word: the flags `chartview --help` shows with one.
_chartview_takes_value() {
    case $1 in
        --query | --table | --x | --y | --group | --kind | --open | --high | --low | --close | --error | --size-by | --bins | --bin-width | --color-map | --link | --aggregate | --title | --x-title | --y-title | --watch-query | --timeout | --max-memory | --out-of-core | --window | --columns | --delimiter | --chart | --values | --output | -o | --format | --dump-layout | --export-visible | --x-range | --y-range | --size | --scale | --theme)
            return 0
            ;;
    esac
    return 1
}

# Completes the value after flag `$1` (the word typed `$2`, the binary `$3`); status 1
# for a flag whose value is completed with nothing here (a query, a column, a title).
_chartview_value() {
    case $1 in
        --kind | --theme | --color-map | --format | --aggregate | --delimiter | --link) _chartview_choices "$2" "$3" "${1#--}" ;;
        --chart) _chartview_charts "$2" "$3" ;;
        --values) _chartview_reply "$2" kind theme color-map format aggregate delimiter link flag ;;
        --output | -o) _chartview_files "$2" png svg pdf ;;
        --dump-layout) _chartview_files "$2" json ;;
        --export-visible) _chartview_files "$2" csv ;;
        --size) _chartview_reply "$2" 1024x768 1280x720 1920x1080 800x600 ;;
        *) return 1 ;;
    esac
}

# Completes the data file `$1`: csv, tsv, txt, json, sqlite, sqlite3, db, sql files and folders.
_chartview_data_file() {
    _chartview_files "$1" csv tsv txt json sqlite sqlite3 db sql
}
# END generated

_chartview() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local _chartview_tail=""
    local -a lines
    # The chartview being completed (./.build/release/chartview, or the one on the PATH).
    local cv=chartview
    if _chartview_dequote "${COMP_WORDS[0]}" && [[ $REPLY == */* && -x $REPLY ]]; then
        cv=$REPLY
    fi
    # A flag's value, as the options' table says it completes; else, for a flag whose value is
    # completed with nothing (a query, a column, a title, a number), nothing.
    _chartview_value "$prev" "$cur" "$cv" && return
    _chartview_takes_value "$prev" && return
    if [[ $cur == -* ]]; then
        mapfile -t lines < <("$cv" --values flag 2>/dev/null)
        _chartview_reply "$cur" "${lines[@]}"
        return
    fi
    _chartview_data_file "$cur"
}
complete -F _chartview chartview
