import type { ChildProcess } from 'node:child_process';

export interface ChildOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What a child process printed, once it has closed; a child that could not start rejects. */
export function childOutput(child: ChildProcess): Promise<ChildOutput> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
