import { CALL_TO_ACTION_DEFAULT, LEAD_FORM_DEFAULT } from '@reelbase/api-client/lead-constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, json, makePlayer, stubMediaMethods } from './helpers.ts';

let methods: ReturnType<typeof stubMediaMethods>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  methods = stubMediaMethods();
  fetchMock = vi.fn(async () => json({ id: 'lead-1' }, 201));
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

const leadForm = (o: Partial<typeof LEAD_FORM_DEFAULT> = {}) => ({ ...LEAD_FORM_DEFAULT, enabled: true, ...o });
const cta = (o: Partial<typeof CALL_TO_ACTION_DEFAULT> = {}) => ({ ...CALL_TO_ACTION_DEFAULT, enabled: true, url: 'https://shop.example.com/buy', ...o });
const form = async (root: HTMLElement) => vi.waitFor(() => root.querySelector<HTMLFormElement>('.rb-lead') ?? Promise.reject(new Error('no form yet')));
const submit = (f: HTMLFormElement) => f.dispatchEvent(new Event('submit', { cancelable: true }));

describe('lead form', () => {
  it('before play: play waits for a valid email and the consent, then sends it, remembers it and plays', async () => {
    const { player, media } = await makePlayer({ videoId: 'vid-1', apiBase: 'https://api.test', leadScope: 'team-a', config: config({ leadForm: leadForm({ required: true, nameField: true, consentText: 'Send me news' }) }) });
    // The form's code comes after the first frame.
    await new Promise((r) => setTimeout(r, 20));
    expect(player.root.querySelector('.rb-lead')).toBeNull();
    media.fire('loadeddata');
    const f = await form(player.root);
    expect(f.hidden).toBe(true);
    expect(player.root.querySelector('.rb-lead-skip')).toBeNull();
    methods.play.mockClear();
    await player.play();
    expect(methods.play).not.toHaveBeenCalled();
    expect(f.hidden).toBe(false);
    expect(player.video.paused).toBe(true);
    expect(f.getAttribute('role')).toBe('dialog');
    const email = f.querySelector<HTMLInputElement>('input[name=email]')!;
    expect(document.activeElement).toBe(email);
    expect(email.closest('label')!.textContent).toBe('Email');
    // Playing again while the form is open stays paused.
    void player.play();
    expect(player.video.paused).toBe(true);

    email.value = 'not-an-email';
    submit(f);
    expect(f.querySelector('[role=alert]')!.textContent).toBe('Enter a valid email address.');
    email.value = 'ana@example.com';
    submit(f);
    expect(f.querySelector('[role=alert]')!.textContent).toBe('Please tick the box to continue.');
    expect(fetchMock).not.toHaveBeenCalled();
    f.querySelector<HTMLInputElement>('input[name=name]')!.value = 'Ana';
    f.querySelector<HTMLInputElement>('input[name=consent]')!.checked = true;
    methods.play.mockClear();
    submit(f);
    await vi.waitFor(() => expect(f.hidden).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith('https://api.test/api/videos/vid-1/leads', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'ana@example.com', name: 'Ana', consent: true }) }));
    expect(methods.play).toHaveBeenCalled();
    expect(localStorage.getItem('rb-lead:https://api.test:team-a')).toBe('1');
  });

  it('is not shown again to a viewer who gave their email to the same team here', async () => {
    localStorage.setItem('rb-lead:https://api.test:team-a', '1');
    const { player, media } = await makePlayer({ videoId: 'vid-2', apiBase: 'https://api.test', leadScope: 'team-a', config: config({ leadForm: leadForm() }) });
    media.fire('loadeddata');
    const f = await form(player.root);
    media.startPlaying();
    expect(f.hidden).toBe(true);
    expect(player.video.paused).toBe(false);
  });

  it('at a second, skippable: pauses there; Escape skips and plays on; a refused email shows the reason', async () => {
    const { player, media } = await makePlayer({ videoId: 'vid-3', config: config({ leadForm: leadForm({ when: 'atSecond', atSec: 5 }) }) });
    media.fire('loadeddata');
    const f = await form(player.root);
    media.startPlaying();
    media.timeUpdate(3);
    expect(f.hidden).toBe(true);
    media.timeUpdate(5.2);
    expect(f.hidden).toBe(false);
    expect(player.video.paused).toBe(true);
    // The lead's POST is refused (the session the first play opened is answered as before).
    let refuse = true;
    fetchMock.mockImplementation(async (url: string) => {
      if (!url.includes('/leads') || !refuse) return json({ id: 'lead-1' }, 201);
      refuse = false;
      return json({ message: 'Too many requests' }, 429);
    });
    f.querySelector<HTMLInputElement>('input[name=email]')!.value = 'bo@example.com';
    submit(f);
    await vi.waitFor(() => expect(f.querySelector('[role=alert]')!.textContent).toBe('Too many requests'));
    f.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(f.hidden).toBe(true);
    expect(player.video.paused).toBe(false);
    // Not remembered as given (the viewer's own id, rb-viewer, is another key).
    expect(Object.keys(localStorage).filter((k) => k.startsWith('rb-lead:'))).toEqual([]);
  });

  it('a play pressed before the form code arrives is held, and the form shows when it lands', async () => {
    const { player } = await makePlayer({ videoId: 'vid-8', config: config({ leadForm: leadForm() }) });
    methods.play.mockClear();
    // The big play button's path: the video never starts, not even for a moment.
    await player.play();
    expect(methods.play).not.toHaveBeenCalled();
    expect(player.video.paused).toBe(true);
    const f = await form(player.root);
    expect(f.hidden).toBe(false);
    expect(player.video.paused).toBe(true);
  });

  it('a play pressed before the form code arrives, by a viewer who gave their email already, plays once it lands', async () => {
    localStorage.setItem('rb-lead:https://api.test:team-b', '1');
    const { player } = await makePlayer({ videoId: 'vid-9', apiBase: 'https://api.test', leadScope: 'team-b', config: config({ leadForm: leadForm() }) });
    methods.play.mockClear();
    await player.play();
    expect(methods.play).not.toHaveBeenCalled();
    const f = await form(player.root);
    await vi.waitFor(() => expect(methods.play).toHaveBeenCalled());
    expect(f.hidden).toBe(true);
  });

  it('loads no lead form or call-to-action code when both are off', async () => {
    const { player } = await makePlayer({ videoId: 'vid-4' });
    await new Promise((r) => setTimeout(r, 20));
    expect(player.root.querySelector('.rb-lead, .rb-cta')).toBeNull();
  });
});

describe('call to action', () => {
  it('at the end: the overlay with the text and a link that opens a new window, each click counted', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { player, media } = await makePlayer({ videoId: 'vid-5', apiBase: 'https://api.test', config: config({ callToAction: cta({ text: 'Buy the tour', buttonText: 'Book now' }) }) }, { duration: 10 });
    // Its chunk waits for the first frame.
    await new Promise((r) => setTimeout(r, 20));
    expect(player.root.querySelector('.rb-cta')).toBeNull();
    media.fire('loadeddata');
    const box = await vi.waitFor(() => player.root.querySelector<HTMLElement>('.rb-cta') ?? Promise.reject(new Error('no overlay yet')));
    media.startPlaying();
    media.timeUpdate(5);
    expect(box.hidden).toBe(true);
    media.end();
    expect(box.hidden).toBe(false);
    expect(box.textContent).toContain('Buy the tour');
    const link = box.querySelector<HTMLAnchorElement>('a')!;
    expect(link.textContent).toBe('Book now');
    expect(link.href).toBe('https://shop.example.com/buy');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(beacon).toHaveBeenCalledWith('https://api.test/api/statistics/cta-click/vid-5');
    // Playing again hides it.
    void player.play();
    expect(box.hidden).toBe(true);
  });

  it('same window from a second on: the viewer page goes to the link; a closed overlay stays closed', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn(() => true) });
    const { player, media, nav } = await makePlayer({ videoId: 'vid-6', config: config({ callToAction: cta({ when: 'atSecond', atSec: 4, newWindow: false }) }) }, { duration: 10 });
    media.fire('loadeddata');
    const box = await vi.waitFor(() => player.root.querySelector<HTMLElement>('.rb-cta') ?? Promise.reject(new Error('no overlay yet')));
    media.startPlaying();
    media.timeUpdate(4.5);
    expect(box.hidden).toBe(false);
    expect(player.video.paused).toBe(false);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    box.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(nav.redirect).toHaveBeenCalledWith('https://shop.example.com/buy');
    box.querySelector<HTMLButtonElement>('.rb-cta-close')!.click();
    media.timeUpdate(6);
    expect(box.hidden).toBe(true);
  });

  it('a link that is not http(s) never shows', async () => {
    const { player, media } = await makePlayer({ videoId: 'vid-7', config: config({ callToAction: cta({ url: 'javascript:alert(1)' }) }) }, { duration: 10 });
    await new Promise((r) => setTimeout(r, 20));
    media.startPlaying();
    media.end();
    expect(player.root.querySelector<HTMLElement>('.rb-cta')?.hidden ?? true).toBe(true);
  });
});
