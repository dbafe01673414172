import { Argument, type Command } from 'commander';
import { lazy } from '../runner.js';

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print the shell completion script')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText('after', '\nExamples:\n  $ fisco completion bash > ~/.local/share/bash-completion/completions/fisco\n  $ fisco completion zsh > "${fpath[1]}/_fisco"\n  $ fisco completion fish > ~/.config/fish/completions/fisco.fish')
    .action(lazy(() => import('./completion.js')));
}
