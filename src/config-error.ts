/**
 * Thrown when the environment does not describe a runnable bot; the message names the variable.
 * A foundation of its own (nothing of ours below it), so that the data layer's
 * DatabaseConfigError can extend it without importing the configuration.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}
