import { theme as antdTheme, type ThemeConfig } from 'antd';
import { DEFAULT_COLOR_SCHEME } from '@reelbase/api-client';

const darkerTagTexts = (colours: Record<string, string>) => Object.fromEntries(Object.entries(colours).flatMap(([name, hex]) => [[`${name}7`, hex], [`${name}-7`, hex]]));

/** One visual system: antd's tokens seeded with the product's colours; custom CSS reads the same tokens. */
export const reelbaseTheme: ThemeConfig = {
  token: {
    colorPrimary: DEFAULT_COLOR_SCHEME.playerCanvas,
    colorInfo: DEFAULT_COLOR_SCHEME.playerCanvas,
    colorLink: '#155f99',
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontSize: 15,
    // WCAG AA (4.5:1) for every text: antd's lighter greys, error red and tag texts fall short
    // (3.4:1 and less), so they are taken one step darker. Checked by axe in e2e/a11y.spec.ts.
    colorTextTertiary: '#666666',
    colorTextDescription: '#666666',
    colorError: '#cf1322',
    // Hovered buttons: antd lightens the primary colour (3.6:1 for their text); darken instead.
    colorPrimaryHover: '#155f99',
    // A preset tag's text is its palette's 7th step on its 1st: these steps are darker ones (the
    // legacy 'green-7' keys name the same CSS variables, so both are set).
    ...darkerTagTexts({ volcano: '#ad2102', orange: '#ad4e00', gold: '#874d00', yellow: '#876800', lime: '#3f6600', green: '#237804', cyan: '#006d75' }),
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f2b46', bodyBg: '#f4f7fb', footerBg: '#ffffff', headerPadding: '0 16px' },
  },
};

/** Global rules antd does not cover: a visible focus ring on every focusable element, screen-reader-only text. */
export function GlobalStyle() {
  const { token } = antdTheme.useToken();
  const css = `
    body { margin: 0; background: ${token.colorBgLayout}; }
    a:focus-visible, button:focus-visible, [tabindex]:focus-visible, input:not(.ant-input-affix-wrapper input):focus-visible, select:focus-visible, textarea:focus-visible,
    .ant-input-affix-wrapper:focus-within, .ant-input-number:focus-within, .ant-select-focused,
    .ant-checkbox-input:focus-visible + .ant-checkbox-inner, .ant-radio-input:focus-visible + .ant-radio-inner {
      outline: 3px solid ${token.colorPrimaryBorderHover} !important; outline-offset: 2px;
    }
    .ant-input-number input:focus-visible, .ant-select input:focus-visible { outline: none !important; }
    /* A link inside running text is underlined: its colour alone is too close to the text's (axe link-in-text-block). */
    p a:not(.ant-btn), .ant-typography a:not(.ant-btn), .ant-form-item-extra a, .ant-form-item-explain a { text-decoration: underline; }
    /* Who asks their system for less motion gets none: antd's motion is off (AppProviders) and so are the app's own transitions (WCAG 2.3.3). */
    @media (prefers-reduced-motion: reduce) { *, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; scroll-behavior: auto !important; } }
    .rb-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
    .rb-skip { position: absolute; left: 8px; top: -48px; z-index: 1000; background: ${token.colorBgContainer}; padding: 8px 12px; border-radius: ${token.borderRadius}px; }
    .rb-skip:focus { top: 8px; }
    .rb-nav a, .rb-nav button { display: flex; align-items: center; gap: 10px; width: 100%; padding: 8px 12px; border-radius: ${token.borderRadius}px; color: rgba(255,255,255,0.85); background: none; border: 0; font: inherit; cursor: pointer; text-align: left; text-decoration: none; }
    .rb-nav a:hover, .rb-nav button:hover { background: rgba(255,255,255,0.08); color: #fff; }
    .rb-nav a[aria-current='page'] { background: ${token.colorPrimary}; color: #fff; }
    .rb-nav h2 { color: rgba(255,255,255,0.55); font-size: 12px; text-transform: uppercase; letter-spacing: 0.06em; margin: 16px 12px 6px; }
    .rb-nav ul { list-style: none; margin: 0; padding: 0; }
    .rb-drawer-nav a, .rb-drawer-nav button { color: ${token.colorText}; }
    .rb-drawer-nav a:hover, .rb-drawer-nav button:hover { background: ${token.colorFillTertiary}; color: ${token.colorText}; }
    .rb-drawer-nav h2 { color: ${token.colorTextSecondary}; }
    .rb-video-row { display: grid; grid-template-columns: auto 96px 1fr auto; gap: 12px; align-items: center; padding: 12px; border-bottom: 1px solid ${token.colorSplit}; }
    .rb-video-row:last-child { border-bottom: 0; }
    .rb-transcript-line:hover { background: ${token.colorFillTertiary}; }
    .rb-transcript-line:focus-visible { outline: 2px solid ${token.colorPrimary}; outline-offset: 1px; }
    .rb-matches { list-style: none; margin: 6px 0 0; padding: 0; font-size: 13px; }
    .rb-matches a { color: inherit; }
    .rb-match-time { color: ${token.colorPrimary}; font-variant-numeric: tabular-nums; margin-inline-end: 6px; }
    .rb-thumb { width: 96px; height: 54px; object-fit: cover; border-radius: 6px; background: ${token.colorFillSecondary}; display: block; }
    .rb-legal { max-width: 860px; margin: 0 auto; background: ${token.colorBgContainer}; padding: 24px; border-radius: ${token.borderRadiusLG}px; line-height: 1.65; }
    .rb-legal h2 { margin-top: 28px; }
    @media (max-width: 575px) {
      .rb-video-row { grid-template-columns: auto 1fr; }
      .rb-video-row .rb-thumb { display: none; }
      .rb-video-row .rb-row-actions { grid-column: 1 / -1; justify-self: start; }
      .rb-legal { padding: 16px; }
    }
  `;
  return <style>{css}</style>;
}

/** The theme for a person who asks for reduced motion: antd draws no opening, closing or moving animations. */
export const reducedMotionTheme: ThemeConfig = { ...reelbaseTheme, token: { ...reelbaseTheme.token, motion: false } };
