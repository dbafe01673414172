import { Argument, type Command } from 'commander';
import { lazy } from '../runner.js';

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print the shell completion script (subcommands, flags, values, profile names, paths)')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      [
        '',
        'The script asks `fisco __complete` for its candidates, so it stays current as fisco changes.',
        'bash needs the bash-completion package; zsh needs compinit in ~/.zshrc.',
        '',
        'Examples:',
        '  $ fisco completion bash > ~/.local/share/bash-completion/completions/fisco',
        '  $ fisco completion zsh > "${fpath[1]}/_fisco"',
        '  $ fisco completion fish > ~/.config/fish/completions/fisco.fish',
        '  $ source <(fisco completion bash)                 for the current bash only',
      ].join('\n'),
    )
    .action(lazy(() => import('./completion.js')));
}
