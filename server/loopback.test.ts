import { describe, expect, it } from 'vitest';
import { hostnameOf } from './loopback';

describe('hostnameOf', () => {
  it('answers what the URL parser answers, for the plain local addresses and for everything else', () => {
    for (const url of [
      'http://localhost:3000/api/health',
      'http://localhost',
      'http://127.0.0.1:4612/api/health?x=1',
      'https://127.0.0.1:443/a',
      'http://127.1:80/',
      'http://127.000.0.1/',
      'http://0x7f.0.0.1/',
      'http://LOCALHOST:3/',
      'http://[::1]:3000/',
      'http://127.0.0.1:80@evil.example/',
      'http://localhost@evil.example/',
      'http://127.0.0.1.evil.example/',
      'http://localhost.evil.example:80/',
      'http://shop.example/',
    ]) {
      expect(hostnameOf(url), url).toBe(new URL(url).hostname);
    }
  });

  it('throws as the parser does for an address it refuses', () => {
    expect(() => hostnameOf('http://127.0.0.1:99999/')).toThrow();
    expect(() => hostnameOf('http://256.0.0.1/')).toThrow();
  });
});
