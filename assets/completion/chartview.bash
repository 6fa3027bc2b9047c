# bash completion for chartview(1). Installed by `make install` into
# share/bash-completion/completions/chartview. The flags, kinds, themes, color maps and formats
# are asked of the binary (`chartview --values NAME`), which has them once, in its code; the
# charts too (`chartview --list`). Tested by Tests/ChartviewTests/CompletionTests.swift.

_chartview() {
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    # The chartview being completed (./.build/release/chartview, or the one on the PATH).
    local cv=${COMP_WORDS[0]}
    [[ $cv == */* && -x $cv ]] || cv=chartview
    case $prev in
        --kind|--theme|--color-map|--format|--aggregate)
            COMPREPLY=($(compgen -W "$("$cv" --values "${prev#--}" 2>/dev/null)" -- "$cur")); return ;;
        --values) COMPREPLY=($(compgen -W "kind theme color-map format aggregate flag" -- "$cur")); return ;;
        --chart)
            # The charts of the file given so far, else the demo gallery's.
            local file="" i
            for ((i = 1; i < COMP_CWORD; i++)); do
                [[ ${COMP_WORDS[i]} != -* && ${COMP_WORDS[i-1]} != --* ]] && file=${COMP_WORDS[i]}
            done
            COMPREPLY=($(compgen -W "$("$cv" ${file:+"$file"} --list 2>/dev/null)" -- "$cur")); return ;;
        --output)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -X '!*.@(png|svg|pdf|PNG|SVG|PDF)' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --dump-layout)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -X '!*.@(json|JSON)' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --size) COMPREPLY=($(compgen -W "1024x768 1280x720 1920x1080 800x600" -- "$cur")); return ;;
        --query|--table|--x|--y|--group|--open|--high|--low|--close|--error|--size-by|--bins|--bin-width|--title|--x-title|--y-title|--watch-query|--timeout|--max-memory|--out-of-core|--x-range|--y-range|--scale)
            return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$("$cv" --values flag 2>/dev/null)" -- "$cur"))
        return
    fi
    # The data file: databases, CSV and TSV files, chart specs, and folders.
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    COMPREPLY=($(compgen -f -X '!*.@(csv|tsv|txt|json|sqlite|sqlite3|db|sql|CSV|TSV|JSON|DB)' -- "$cur") $(compgen -d -- "$cur"))
}
shopt -s extglob 2>/dev/null
complete -F _chartview chartview
