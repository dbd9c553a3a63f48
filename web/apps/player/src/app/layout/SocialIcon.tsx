// Simple original marks for the official channels (not copies of the
// networks' logos): a letter or glyph in the channel's shape, drawn inline.
import type { SVGProps } from 'react';

export const SOCIAL_TYPES = ['FACEBOOK', 'TIKTOK', 'YOUTUBE', 'TWITTER', 'INSTAGRAM', 'TELEGRAM', 'WHATSAPP'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export function isSocialType(t: string): t is SocialType {
  return (SOCIAL_TYPES as readonly string[]).includes(t);
}

const common: SVGProps<SVGSVGElement> = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', 'aria-hidden': true };

export function SocialIcon({ type }: { type: SocialType }) {
  switch (type) {
    case 'FACEBOOK':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="10" fill="currentColor" opacity=".18" />
          <path d="M13.2 19v-6h2.1l.3-2.4h-2.4V9.2c0-.7.2-1.2 1.2-1.2h1.3V5.9a17 17 0 0 0-1.9-.1c-1.9 0-3.1 1.1-3.1 3.2v1.6H8.6V13h2.1v6h2.5Z" fill="currentColor" />
        </svg>
      );
    case 'TIKTOK':
      return (
        <svg {...common}>
          <path d="M14 4v10.2a3.2 3.2 0 1 1-3.2-3.2" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <path d="M14 4c.4 2.4 2 4 4.5 4.3" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      );
    case 'YOUTUBE':
      return (
        <svg {...common}>
          <rect x="2.5" y="5.5" width="19" height="13" rx="4" stroke="currentColor" strokeWidth="2" />
          <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
        </svg>
      );
    case 'TWITTER':
      return (
        <svg {...common}>
          <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      );
    case 'INSTAGRAM':
      return (
        <svg {...common}>
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="3.8" stroke="currentColor" strokeWidth="2" />
          <circle cx="17.2" cy="6.8" r="1.1" fill="currentColor" />
        </svg>
      );
    case 'TELEGRAM':
      return (
        <svg {...common}>
          <path d="M3.5 11.4 20 4.6l-2.8 14.6-5.3-3.9-2.7 2.5.4-4 7.1-6.6-8.8 5.4-4.4-1.2Z" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      );
    case 'WHATSAPP':
      return (
        <svg {...common}>
          <path d="M4 20l1.3-4A8 8 0 1 1 8.4 19L4 20Z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M9.2 9.3c.3 2.3 2.2 4.4 4.7 5.1l1.2-1.3-1.7-.9-.8.8a4.8 4.8 0 0 1-2.2-2.2l.8-.8-.9-1.7-1.1 1Z" fill="currentColor" />
        </svg>
      );
  }
}
