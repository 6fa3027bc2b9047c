# bash completion for chartview(1). Installed by `make install` into
# share/bash-completion/completions/chartview. The flags, kinds, themes, color maps and formats
# are asked of the binary (`chartview --values NAME`), which has them once, in its code; the
# charts too (`chartview --list`). Tested by Tests/ChartviewTests/CompletionTests.swift.
#
# Every candidate is data, never shell text: what the binary prints and the names of files are
# read line by line (or globbed from a quoted prefix) into COMPREPLY and filtered by prefix here;
# nothing they hold is ever expanded, split, globbed or run (no compgen -W, no eval). What is
# inserted is quoted: a name the binary prints by printf %q here, a file's name by readline
# (compopt -o filenames), which quotes every character of a file that exists, but leaves $ and
# ` live in a name that is no file's.

# The word the shell would read from `$1` as typed, quotes removed, in REPLY, without running
# or expanding anything: backslashes, '…', "…" and $'…' are undone, a leading ~/ and $NAME or
# ${NAME} are the values they name; any other expansion ($(…), `…`, ${…:-…}) fails (status 1).
_chartview_dequote() {
    local word=$1 out="" quote="" c next name escape i=0 n=${#1}
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

# COMPREPLY: those of the arguments that start with `$1` (dequoted), each quoted (printf %q) as
# the shell reads back exactly that word.
_chartview_reply() {
    local prefix=$1 candidate quoted
    shift
    COMPREPLY=()
    _chartview_dequote "$prefix" || return 0
    prefix=$REPLY
    for candidate in "$@"; do
        if [[ $candidate == "$prefix"* ]]; then
            printf -v quoted '%q' "$candidate"
            COMPREPLY+=("$quoted")
        fi
    done
}

# COMPREPLY: the files starting with `$1` (dequoted) whose names end in one of the extensions
# after it (any case), and the folders. The prefix is globbed quoted (`"$prefix"*`), so a `*`,
# `?` or `[…]` in it is a character of a name; the glob settings it changes are put back.
_chartview_files() {
    local prefix=$1 path lower extension wanted
    shift
    COMPREPLY=()
    _chartview_dequote "$prefix" || return 0
    prefix=$REPLY
    local -
    set +f
    local failglob nocaseglob dotglob
    shopt -q failglob && failglob=1
    shopt -q nocaseglob && nocaseglob=1
    shopt -q dotglob && dotglob=1
    shopt -u failglob nocaseglob dotglob
    local -a paths=("$prefix"*)
    [[ $failglob ]] && shopt -s failglob
    [[ $nocaseglob ]] && shopt -s nocaseglob
    [[ $dotglob ]] && shopt -s dotglob
    for path in "${paths[@]}"; do
        # An unmatched pattern is itself; a file of that name is there only if it exists.
        [[ -e $path || -L $path ]] || continue
        if [[ -d $path ]]; then
            COMPREPLY+=("$path")
            continue
        fi
        lower=${path,,}
        for extension in "$@"; do
            wanted=".$extension"
            if [[ $lower == *"$wanted" ]]; then
                COMPREPLY+=("$path")
                break
            fi
        done
    done
}

# Whether flag `$1` takes a value, the next word: the flags `chartview --help` shows with one.
_chartview_takes_value() {
    case $1 in
        --query | --table | --x | --y | --group | --kind | --open | --high | --low | --close | --error | --size-by | --bins | --bin-width | --color-map | --aggregate | --title | --x-title | --y-title | --watch-query | --timeout | --max-memory | --out-of-core | --chart | --values | --output | -o | --format | --dump-layout | --x-range | --y-range | --size | --scale | --theme)
            return 0
            ;;
    esac
    return 1
}

_chartview() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local -a lines
    # The chartview being completed (./.build/release/chartview, or the one on the PATH).
    local cv=chartview
    if _chartview_dequote "${COMP_WORDS[0]}" && [[ $REPLY == */* && -x $REPLY ]]; then
        cv=$REPLY
    fi
    case $prev in
        --kind | --theme | --color-map | --format | --aggregate)
            mapfile -t lines < <("$cv" --values "${prev#--}" 2>/dev/null)
            _chartview_reply "$cur" "${lines[@]}"
            return
            ;;
        --values)
            _chartview_reply "$cur" kind theme color-map format aggregate flag
            return
            ;;
        --chart)
            # The charts of the file given so far, else the demo gallery's. A chart's name may
            # hold anything: it is inserted quoted.
            local file="" word i
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
            mapfile -t lines < <("$cv" ${file:+"$file"} --list 2>/dev/null)
            _chartview_reply "$cur" "${lines[@]}"
            return
            ;;
        --output | -o)
            compopt -o filenames 2>/dev/null
            _chartview_files "$cur" png svg pdf
            return
            ;;
        --dump-layout)
            compopt -o filenames 2>/dev/null
            _chartview_files "$cur" json
            return
            ;;
        --size)
            _chartview_reply "$cur" 1024x768 1280x720 1920x1080 800x600
            return
            ;;
    esac
    # A value completed with nothing (a query, a column, a title, a number).
    _chartview_takes_value "$prev" && return
    if [[ $cur == -* ]]; then
        mapfile -t lines < <("$cv" --values flag 2>/dev/null)
        _chartview_reply "$cur" "${lines[@]}"
        return
    fi
    # The data file: databases, CSV and TSV files, chart specs, and folders; one whose name
    # starts with "-" by a path (./-name), as chartview would read the name as a flag.
    compopt -o filenames 2>/dev/null
    _chartview_files "$cur" csv tsv txt json sqlite sqlite3 db sql
    COMPREPLY=("${COMPREPLY[@]/#-/./-}")
}
complete -F _chartview chartview
