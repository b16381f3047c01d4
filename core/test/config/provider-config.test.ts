import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

const load = (env: Record<string, string>) => loadConfig({ VAULT_PATH: '/tmp/v', ...env }, '/tmp');
const failure = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('which provider answers', () => {
  it('is offline with nothing set, and with only OPENAI_API_KEY (often exported for other tools)', () => {
    expect(load({}).provider).toEqual({ name: 'offline' });
    expect(load({ OPENAI_API_KEY: 'sk-other' }).provider).toEqual({ name: 'offline' });
  });

  it('is anthropic with its key, as before, even when an OpenAI base URL is around', () => {
    expect(load({ ANTHROPIC_API_KEY: 'sk-ant', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', KNOWER_MODEL: 'm' }).provider).toMatchObject({
      name: 'anthropic',
      apiKey: 'sk-ant',
      model: 'm',
      timeoutMs: 120_000,
    });
    expect(load({ ANTHROPIC_API_KEY: 'sk-ant' }).provider).toMatchObject({ model: 'claude-sonnet-5-5', searchModel: 'claude-sonnet-5-5' });
  });

  it('is openai with a base URL, /v1 added to a bare server address, streaming and a local timeout by default', () => {
    expect(load({ OPENAI_BASE_URL: 'http://localhost:11434', KNOWER_MODEL: 'llama3.1:8b' }).provider).toEqual({
      name: 'openai',
      baseURL: 'http://localhost:11434/v1',
      model: 'llama3.1:8b',
      searchModel: 'llama3.1:8b',
      timeoutMs: 300_000,
      stream: true,
    });
    expect(load({ OPENAI_BASE_URL: 'https://openrouter.ai/api/v1/', KNOWER_MODEL: 'a', KNOWER_SEARCH_MODEL: 'b', KNOWER_OPENAI_STREAM: '0', KNOWER_MODEL_TIMEOUT_S: '60' }).provider).toMatchObject({
      baseURL: 'https://openrouter.ai/api/v1',
      model: 'a',
      searchModel: 'b',
      stream: false,
      timeoutMs: 60_000,
    });
  });

  it('follows KNOWER_PROVIDER over the inference, hosted OpenAI included', () => {
    expect(load({ KNOWER_PROVIDER: 'offline', ANTHROPIC_API_KEY: 'sk-ant' }).provider).toEqual({ name: 'offline' });
    expect(load({ KNOWER_PROVIDER: 'openai', ANTHROPIC_API_KEY: 'sk-ant', OPENAI_API_KEY: 'sk-oa', KNOWER_MODEL: 'gpt-x' }).provider).toMatchObject({
      name: 'openai',
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-oa',
    });
  });

  it('refuses incomplete or bad settings with a message naming each and what to do', () => {
    expect(failure({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toMatch(/KNOWER_MODEL="": is required with the openai provider.*ollama list/);
    expect(failure({ KNOWER_PROVIDER: 'openai', KNOWER_MODEL: 'x' })).toMatch(/KNOWER_PROVIDER="openai": needs OPENAI_BASE_URL .* or OPENAI_API_KEY/);
    expect(failure({ KNOWER_PROVIDER: 'anthropic' })).toMatch(/KNOWER_PROVIDER="anthropic": needs ANTHROPIC_API_KEY/);
    expect(failure({ KNOWER_PROVIDER: 'ollama' })).toMatch(/KNOWER_PROVIDER="ollama": must be anthropic, openai or offline/);
    expect(failure({ OPENAI_BASE_URL: 'localhost:11434', KNOWER_MODEL: 'm' })).toMatch(/OPENAI_BASE_URL="localhost:11434": must be an http\(s\) URL/);
    expect(failure({ KNOWER_MODEL_TIMEOUT_S: '0' })).toMatch(/KNOWER_MODEL_TIMEOUT_S="0": must be 1 or more/);
    expect(failure({ KNOWER_OPENAI_STREAM: 'yes' })).toMatch(/KNOWER_OPENAI_STREAM="yes": must be 1 or 0/);
  });
});
