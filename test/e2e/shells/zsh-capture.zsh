# Completes command lines in a real interactive zsh (driven through zsh/zpty) and prints what
# the completion system offers, one candidate a line, each line's block ended by <END>.
# usage: zsh -f zsh-capture.zsh FPATH_DIR "line 1" "line 2" …
zmodload zsh/zpty || exit 3
fdir=$1; shift
for line in "$@"; do
  zpty z zsh -f -i
  zpty -w z "PROMPT='' RPROMPT=''"
  zpty -w z "fpath=($fdir \$fpath); autoload -U compinit; compinit -u -D"
  zpty -w z "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
  # Report every match the completion functions add instead of inserting it.
  zpty -w z 'compadd () {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
    typeset -a __hits
    builtin compadd -A __hits "$@"
    local h
    for h in $__hits; do print -r -- "<CAND>${IPREFIX}${h}"; done
  }'
  zpty -w z 'finish () { print -r -- "<DO""NE>"; exit }'
  zpty -w z 'zstyle ":completion:*" completer _complete; comppostfuncs=(finish); bindkey "^I" complete-word'
  zpty -w z "print -r -- '<RE''ADY>'"
  while zpty -r z out; do [[ $out == '<READY>'* ]] && break; done
  zpty -n -w z "$line"$'\t'
  while zpty -r z out; do
    out=${out//$'\r'/}
    [[ $out == *'<DONE>'* ]] && break
    [[ $out == *'<CAND>'* ]] && print -r -- "${${out#*<CAND>}%%$'\n'}"
  done
  print -r -- '<END>'
  zpty -d z
done
