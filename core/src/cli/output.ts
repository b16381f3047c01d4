/** Where a verb writes: lines for people on stdout, "knower: …" notes on stderr. */
export interface Output {
  /** One line on stdout. */
  say(line: string): void;
  /** One line on stderr, prefixed "knower: ". */
  warn(line: string): void;
  /** Text on stdout as is (documents, rewritten progress lines). */
  write(text: string): void;
  /** Text on stderr as is (usage blocks, log excerpts). */
  writeErr(text: string): void;
  /** stdout is a terminal: a progress line may be rewritten in place. */
  isTTY: boolean;
}

export function processOutput(): Output {
  // `knower search … | head` closes the pipe early: that ends the command, it is not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  return {
    say: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => process.stderr.write(`knower: ${line}\n`),
    write: (text) => process.stdout.write(text),
    writeErr: (text) => process.stderr.write(text),
    isTTY: Boolean(process.stdout.isTTY),
  };
}
