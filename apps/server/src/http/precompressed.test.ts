import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, acceptedEncodingOf, createCompressedCache } from './precompressed';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
  });

  it('honours q=0 and ignores what it cannot make', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('deflate, identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });
});

describe('acceptedEncodingOf', () => {
  it('answers as acceptedEncoding does, for repeated headers too', () => {
    for (const header of ['gzip, deflate, br', 'gzip', 'br;q=0, gzip;q=0', 'deflate', '']) {
      expect(acceptedEncodingOf(header)).toBe(acceptedEncoding(header));
      expect(acceptedEncodingOf(header)).toBe(acceptedEncoding(header));
    }
    expect(acceptedEncodingOf(undefined)).toBeNull();
  });
});

describe('createCompressedCache', () => {
  const fakeReply = () => {
    const headers: Record<string, string> = {};
    const reply = {
      sent: undefined as Buffer | undefined,
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
      send(body: Buffer) {
        reply.sent = body;
        return reply;
      },
    };
    return { reply, headers };
  };
  const request = (acceptEncoding?: string) =>
    ({ headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }) as never;

  it('builds each answer once and serves it plain, brotli or gzip as asked', () => {
    const send = createCompressedCache(10);
    const text = JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => ({ i, name: `game ${i}` })) });
    let built = 0;
    const body = () => {
      built += 1;
      return Buffer.from(text);
    };
    const plain = fakeReply();
    send(request(), plain.reply as never, 'k', body);
    send(request(), plain.reply as never, 'k', body);
    expect(plain.reply.sent?.toString()).toBe(text);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = fakeReply();
    send(request('gzip, br'), br.reply as never, 'k', body);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.reply.sent as Buffer).toString()).toBe(text);
    const gz = fakeReply();
    send(request('gzip'), gz.reply as never, 'k', body);
    expect(gunzipSync(gz.reply.sent as Buffer).toString()).toBe(text);
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(built).toBe(1);
    // The forms of an answer are one object, which a route's memo can hold and send again.
    const forms = send.formsOf('k', body);
    expect(forms).toBe(send.formsOf('k', body));
    expect(forms.br).toBeDefined();
    expect(built).toBe(1);
  });
});
