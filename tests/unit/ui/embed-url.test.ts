import { describe, expect, it } from 'vitest';
import { isFacebookVideo, videoEmbedUrl, vimeoId, youtubeId } from '@/ui/activity-preview/embed-url';

describe('youtubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://www.youtube.com/live/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('reads %s', (url, id) => expect(youtubeId(url)).toBe(id));

  it.each([
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => expect(youtubeId(url)).toBeNull());
});

describe('vimeoId', () => {
  it('reads public, channel, player and private addresses', () => {
    expect(vimeoId('https://vimeo.com/76979871')).toEqual({ id: '76979871', hash: null });
    expect(vimeoId('https://vimeo.com/channels/staffpicks/76979871')).toEqual({ id: '76979871', hash: null });
    expect(vimeoId('https://player.vimeo.com/video/76979871')).toEqual({ id: '76979871', hash: null });
    expect(vimeoId('https://vimeo.com/76979871/abc123def')).toEqual({ id: '76979871', hash: 'abc123def' });
  });

  it('refuses other hosts and pages without a video', () => {
    expect(vimeoId('https://vimeo.com/about')).toBeNull();
    expect(vimeoId('https://example.com/76979871')).toBeNull();
  });
});

describe('isFacebookVideo', () => {
  it('knows a video page', () => {
    expect(isFacebookVideo('https://www.facebook.com/facebook/videos/10153231379946729/')).toBe(true);
    expect(isFacebookVideo('https://www.facebook.com/watch/?v=10153231379946729')).toBe(true);
    expect(isFacebookVideo('https://fb.watch/abcDEF/')).toBe(true);
  });

  it('refuses other pages', () => {
    expect(isFacebookVideo('https://www.facebook.com/facebook')).toBe(false);
    expect(isFacebookVideo('https://www.facebook.com.evil.example/x/videos/1')).toBe(false);
  });
});

describe('videoEmbedUrl', () => {
  it("builds each host's player address", () => {
    expect(videoEmbedUrl('youtube', 'https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('vimeo', 'https://vimeo.com/76979871/abc123')).toBe(
      'https://player.vimeo.com/video/76979871?h=abc123',
    );
    expect(videoEmbedUrl('facebook', 'https://www.facebook.com/facebook/videos/10153231379946729/')).toBe(
      'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Ffacebook%2Fvideos%2F10153231379946729%2F&show_text=false',
    );
  });

  it("answers null for another host's address", () => {
    expect(videoEmbedUrl('youtube', 'https://vimeo.com/76979871')).toBeNull();
    expect(videoEmbedUrl('vimeo', 'https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('facebook', 'https://youtu.be/dQw4w9WgXcQ')).toBeNull();
  });
});
