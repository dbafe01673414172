import { Argument, type Command } from 'commander';
import { lazy } from '../runner.js';
import { addFlags } from '../../flags/commander.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { examples } from '../../help/examples.js';

export function registerCompletion(program: Command): void {
  addFlags(program.command('completion'), NO_FLAGS)
    .description('print the shell completion script (subcommands, flags, values, profile names, paths)')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        [
          'mkdir -p ~/.local/share/bash-completion/completions && fisco completion bash > ~/.local/share/bash-completion/completions/fisco',
          'mkdir -p ~/.zfunc && fisco completion zsh > ~/.zfunc/_fisco      # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
          'mkdir -p ~/.config/fish/completions && fisco completion fish > ~/.config/fish/completions/fisco.fish',
          'source <(fisco completion bash)                                   # the current bash only',
        ],
        [
          'The script asks `fisco __complete` for its candidates, so it stays current as fisco changes.',
          'bash needs the bash-completion package; zsh needs compinit.',
        ],
      ),
    )
    .action(lazy(() => import('./completion.js')));
}
