import type { Resource } from '@khela/contract';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, preferredPlatform, splitResources } from './resources';

const resource = (resourceType: string, url: string): Resource => ({
  resourceType,
  url,
  qrCodeUrl: null,
  labelNameEn: resourceType,
});

describe('download resources', () => {
  it('resolves relative links against the site and refuses non-web schemes', () => {
    expect(absoluteUrl('/download?os=ios', 'https://khela.example')).toBe(
      'https://khela.example/download?os=ios',
    );
    expect(absoluteUrl('https://t.me/khela', 'https://khela.example')).toBe('https://t.me/khela');
    expect(absoluteUrl('javascript:alert(1)', 'https://khela.example')).toBeNull();
    expect(absoluteUrl('  ', 'https://khela.example')).toBeNull();
  });

  it('puts Android before iOS and keeps the rest as contact links', () => {
    const { apps, contacts } = splitResources(
      [
        resource('TELEGRAM', 'https://t.me/khela'),
        resource('iOS', '/download?os=ios'),
        resource('Android', '/download?os=android'),
        resource('WHATSAPP', 'javascript:void(0)'),
      ],
      'http://localhost:8080',
    );
    expect(apps.map((a) => [a.platform, a.url])).toEqual([
      ['android', 'http://localhost:8080/download?os=android'],
      ['ios', 'http://localhost:8080/download?os=ios'],
    ]);
    expect(contacts.map((c) => c.type)).toEqual(['TELEGRAM']);
  });

  it('opens the guide of the ?os= parameter, else of the visitor’s phone', () => {
    expect(preferredPlatform('ios', 'Mozilla/5.0 (Linux; Android 14)')).toBe('ios');
    expect(preferredPlatform(null, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('ios');
    expect(preferredPlatform('windows', 'Mozilla/5.0 (X11; Linux x86_64)')).toBe('android');
  });
});
