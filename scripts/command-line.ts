import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** What `parseArgs` reads for `options`. */
type Values<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ allowPositionals: true; options: O; strict: true }>
>['values'];

/**
 * The command line of a tool run as `<tool> <command> [arguments] [options]`: the command, its
 * arguments and the options' values. Asked for help (`-h`, `--help`), or not given one of
 * `commands`, it prints `usage` and ends the process: 0 for help, 2 for a wrong call.
 */
export function commandLine<const O extends ParseArgsOptionsConfig>(
  usage: string,
  commands: readonly string[],
  options: O,
): { command: string; args: string[]; values: Values<O> } {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { ...options, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  // The options are generic here, so `values` knows no `help` of its own: the spread put it there.
  const help = (values as { help?: boolean }).help === true;
  const [command, ...args] = positionals;
  if (help || !command || !commands.includes(command)) {
    process.stdout.write(usage);
    process.exit(help ? 0 : 2);
  }
  return { command, args, values: values as Values<O> };
}
