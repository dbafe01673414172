import { NO_FLAGS } from '../../flags/spec.js';
import { defineVerb } from '../verb.js';

export const COMPLETION = defineVerb({
  name: 'completion',
  description: 'print the shell completion script (subcommands, flags, values, profile names, paths)',
  args: [{ name: '<shell>', description: 'shell', choices: ['bash', 'zsh', 'fish'] }],
  flags: NO_FLAGS,
  scope: 'local',
  notes: [
    'The script asks `fisco __complete` for its candidates, so it stays current as fisco changes.',
    'bash needs the bash-completion package; zsh needs compinit.',
  ],
  examples: [
    'mkdir -p ~/.local/share/bash-completion/completions && fisco completion bash > ~/.local/share/bash-completion/completions/fisco',
    'mkdir -p ~/.zfunc && fisco completion zsh > ~/.zfunc/_fisco      # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
    'mkdir -p ~/.config/fish/completions && fisco completion fish > ~/.config/fish/completions/fisco.fish',
    'source <(fisco completion bash)                                   # the current bash only',
  ],
  load: () => import('./completion.js'),
});
