import { describe, expect, it } from 'vitest';
import { buildEmbedCode, embedUrl } from '../src/client/embed.ts';

describe('embed code built on the client', () => {
  it('is an iframe of the mp4 embed page with the chosen size', () => {
    expect(buildEmbedCode('https://reel.example/', 'abc', { width: 600, height: 338 })).toBe(
      '<iframe src="https://reel.example/embed/mp4/abc" width="600" height="338" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
  });

  it('carries the redirect and new-window options, escaped for the attribute', () => {
    const url = embedUrl('https://reel.example', 'abc', { redirect: ' https://shop.example/?a=1&b="2" ', newWindow: true });
    expect(url).toBe('https://reel.example/embed/mp4/abc?redirect=https%3A%2F%2Fshop.example%2F%3Fa%3D1%26b%3D%222%22&new-window=1');
    const code = buildEmbedCode('https://reel.example', 'abc', { width: 10.4, height: 0, redirect: 'https://x.example/?a&b' });
    expect(code).toContain('src="https://reel.example/embed/mp4/abc?redirect=https%3A%2F%2Fx.example%2F%3Fa%26b"');
    expect(code).toContain('width="10" height="1"');
  });
});
