/** A usage or input error of the CLI: one line on stderr, exit code `code` (2). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export interface Out {
  write(s: string): unknown;
}
export interface CliIO {
  stdout: Out;
  stderr: Out;
}
