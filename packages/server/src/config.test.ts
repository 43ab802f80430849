import { describe, expect, it } from 'vitest';
import { configProblemLines, configProblems, CONFIG_VARIABLES, loadConfig } from './config.ts';

describe('REDIS_URL', () => {
  it('is read as given, and unset or empty means no Redis', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379/2' }).redisUrl).toBe(
      'redis://cache.internal:6379/2',
    );
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it('takes redis:// and rediss:// URLs, with or without a password', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://user:secret@cache.example.com:6380/1'])
      expect(configProblems({ REDIS_URL: url })).toEqual([]);
  });

  it('refuses anything else in one line that hides a password', () => {
    const problems = configProblems({ REDIS_URL: 'http://portal:s3cret@cache:6379/0' });
    expect(configProblemLines(problems)).toEqual([
      'REDIS_URL="http://portal:***@cache:6379/0" must be a redis:// or rediss:// URL',
    ]);
    expect(configProblemLines(configProblems({ REDIS_URL: 'localhost:6379' }))).toEqual([
      'REDIS_URL="localhost:6379" must be a redis:// or rediss:// URL',
    ]);
    expect(configProblemLines(configProblems({ REDIS_URL: 'not a url' }))).toEqual([
      'REDIS_URL="not a url" must be a redis:// or rediss:// URL',
    ]);
  });

  it('is one of the variables `portal check-config` checks', () => {
    expect(CONFIG_VARIABLES).toContain('REDIS_URL');
  });
});
