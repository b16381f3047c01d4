import path from 'node:path';

/**
 * Where a native service keeps its files, in its state dir. Apart from what starts and stops it
 * (native-service.ts, service-build.ts): every command that finds its service reads these
 * names, and should not load the code that spawns or copies.
 */
export interface ServiceFiles {
  pidFile: string;
  logFile: string;
}

export function serviceFiles(stateDir: string): ServiceFiles {
  return { pidFile: path.join(stateDir, 'core.pid'), logFile: path.join(stateDir, 'core.log') };
}

/** The folder of the state dir a native service runs its copy of the build from (service-build.ts). */
export const SERVICE_BUILD_FOLDER = 'service-build';

/** The entry point of the copy a service of this state dir runs. */
export function copiedMain(stateDir: string): string {
  return path.join(stateDir, SERVICE_BUILD_FOLDER, 'core', 'dist', 'main.js');
}
