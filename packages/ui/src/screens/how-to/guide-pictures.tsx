import type { ReactNode } from 'react';

/**
 * The guides' pictures: small drawings of our own screens in the brand colours, as inline SVG (a
 * few hundred bytes each, no image requests, sharp at any size). Decorative: each guide says in
 * words what its picture shows.
 */
const INK = '#1974BB';
const ACCENT = '#22A9E0';
const SOFT = '#E8F4FB';
const LINE = '#C9D6E2';

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 240 140" width="100%" role="presentation" aria-hidden="true" focusable="false" style={{ display: 'block', maxWidth: 320 }}>
      <rect x="1" y="1" width="238" height="138" rx="10" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="1" y="1" width="54" height="138" rx="10" fill={INK} />
      <rect x="12" y="16" width="30" height="6" rx="3" fill="#fff" opacity=".9" />
      <rect x="12" y="34" width="26" height="4" rx="2" fill="#fff" opacity=".5" />
      <rect x="12" y="46" width="30" height="4" rx="2" fill="#fff" opacity=".5" />
      <rect x="12" y="58" width="22" height="4" rx="2" fill="#fff" opacity=".5" />
      {children}
    </svg>
  );
}

/** A file dropped into the upload dialog, with its progress bar. */
export function UploadPicture() {
  return (
    <Frame>
      <rect x="76" y="22" width="144" height="96" rx="8" fill={SOFT} stroke={ACCENT} strokeDasharray="6 4" strokeWidth="2" />
      <path d="M148 44 l-14 16 h9 v16 h10 v-16 h9 z" fill={ACCENT} />
      <rect x="96" y="92" width="104" height="8" rx="4" fill="#fff" stroke={LINE} />
      <rect x="96" y="92" width="66" height="8" rx="4" fill={INK} />
    </Frame>
  );
}

/** Folders above the videos, a breadcrumb trail and a video moving into a folder. */
export function OrganisePicture() {
  return (
    <Frame>
      <rect x="70" y="16" width="60" height="5" rx="2.5" fill={LINE} />
      {[70, 124, 178].map((x) => (
        <path key={x} d={`M${x} 32 h18 l5 5 h25 v22 h-48 z`} fill={SOFT} stroke={ACCENT} strokeWidth="2" />
      ))}
      {[70, 124, 178].map((x) => (
        <rect key={x} x={x} y="74" width="48" height="30" rx="4" fill={LINE} />
      ))}
      <path d="M150 86 C 160 70, 190 66, 198 58" stroke={INK} strokeWidth="2.5" fill="none" markerEnd="url(#rb-arrow)" />
      <defs>
        <marker id="rb-arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0 0 L10 5 L0 10 z" fill={INK} />
        </marker>
      </defs>
    </Frame>
  );
}

/** A player on a web page, with the copied snippet beside it. */
export function EmbedPicture() {
  return (
    <Frame>
      <rect x="70" y="20" width="96" height="54" rx="4" fill={INK} />
      <path d="M112 36 l16 11 l-16 11 z" fill="#fff" />
      <rect x="70" y="80" width="96" height="4" rx="2" fill={LINE} />
      <rect x="70" y="90" width="70" height="4" rx="2" fill={LINE} />
      <rect x="174" y="20" width="52" height="64" rx="4" fill={SOFT} stroke={ACCENT} />
      <text x="180" y="36" fontFamily="monospace" fontSize="9" fill={INK}>
        &lt;iframe
      </text>
      <rect x="180" y="44" width="38" height="3" rx="1.5" fill={ACCENT} />
      <rect x="180" y="52" width="30" height="3" rx="1.5" fill={ACCENT} />
      <rect x="180" y="60" width="34" height="3" rx="1.5" fill={ACCENT} />
      <rect x="174" y="92" width="52" height="16" rx="4" fill={INK} />
      <rect x="184" y="98" width="32" height="4" rx="2" fill="#fff" />
    </Frame>
  );
}

/** A trim timeline with its two handles, and the tools row. */
export function EditPicture() {
  return (
    <Frame>
      <rect x="70" y="18" width="150" height="62" rx="4" fill={INK} />
      <rect x="70" y="90" width="150" height="14" rx="3" fill={LINE} />
      <rect x="104" y="90" width="78" height="14" fill={ACCENT} opacity=".55" />
      <rect x="100" y="86" width="6" height="22" rx="2" fill={INK} />
      <rect x="180" y="86" width="6" height="22" rx="2" fill={INK} />
      {[70, 110, 150, 190].map((x) => (
        <rect key={x} x={x} y="116" width="30" height="10" rx="3" fill={SOFT} stroke={ACCENT} />
      ))}
    </Frame>
  );
}

/** Totals over a chart of views per day. */
export function AnalyticsPicture() {
  return (
    <Frame>
      {[70, 122, 174].map((x) => (
        <g key={x}>
          <rect x={x} y="16" width="46" height="26" rx="4" fill={SOFT} />
          <rect x={x + 6} y="24" width="24" height="8" rx="2" fill={INK} />
        </g>
      ))}
      <path d="M70 120 H222" stroke={LINE} strokeWidth="2" />
      <polyline points="72,110 94,100 116,104 138,84 160,90 182,66 204,72 220,56" fill="none" stroke={ACCENT} strokeWidth="3" strokeLinejoin="round" />
      <polygon points="72,110 94,100 116,104 138,84 160,90 182,66 204,72 220,56 220,120 72,120" fill={ACCENT} opacity=".12" />
    </Frame>
  );
}
