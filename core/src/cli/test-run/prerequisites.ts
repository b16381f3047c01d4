import { accessSync, constants, statSync } from 'node:fs';
import { succeeds } from '../service/tools.js';

/** How to look for a tool: injected so a test can stand in for the machine. */
export interface MachineProbe {
  /** The command runs and exits 0 (`shellcheck --version`). */
  runs(command: string, args: string[]): boolean;
  /** An executable regular file at this path. */
  executable(file: string): boolean;
}

const machineProbe: MachineProbe = {
  runs: (command, args) => succeeds(command, args, 10_000),
  executable(file) {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
};

/**
 * What `knower test` needs that npm cannot install, each with how to get it. Checked before
 * anything runs: a missing tool found after four minutes of build and tests, as one more
 * failure among the others, wastes the run and hides the fix.
 */
export function missingPrerequisites(env: NodeJS.ProcessEnv, probe: MachineProbe = machineProbe): string[] {
  const missing: string[] = [];
  if (!probe.runs('shellcheck', ['--version'])) {
    missing.push('shellcheck (it checks the shell scripts): Debian and Ubuntu `sudo apt-get install shellcheck`, macOS `brew install shellcheck`');
  }
  // The search's ranking extension (core/native) is compiled by the build, and its tests check that search uses it.
  if (!probe.runs('cc', ['--version'])) {
    missing.push('a C compiler, `cc` (the build compiles the search ranking extension): Debian and Ubuntu `sudo apt-get install gcc`, macOS `xcode-select --install`');
  }
  // The end-to-end suite drives the system's Chromium and never downloads a browser.
  const chromium = env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
  if (!probe.executable(chromium)) {
    const where = env.CHROMIUM_PATH?.trim() ? `CHROMIUM_PATH=${chromium} is not an executable file` : `no Chromium at ${chromium}`;
    missing.push(
      `Chromium for the end-to-end tests (${where}): Debian \`sudo apt-get install chromium\`; elsewhere set CHROMIUM_PATH to a Chromium or Chrome binary (macOS: CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")`,
    );
  }
  return missing;
}
