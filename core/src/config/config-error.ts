/** A setting with a bad value, or a settings file that cannot be read: the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
