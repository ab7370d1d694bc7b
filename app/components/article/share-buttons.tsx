/**
 * Share on Twitter, Facebook or LinkedIn. Each is an ordinary link that opens the network's share
 * page in a new tab; with JavaScript it opens a 600x400 popup instead (when the browser allows it).
 */
import type { MouseEvent } from "react";

export const SHARE_POPUP_WIDTH = 600;
export const SHARE_POPUP_HEIGHT = 400;

export type ShareNetwork = "Twitter" | "Facebook" | "LinkedIn";

export function shareUrl(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  switch (network) {
    case "Twitter":
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}`;
    case "Facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "LinkedIn":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
  }
}

function openPopup(event: MouseEvent<HTMLAnchorElement>, network: ShareNetwork) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SHARE_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SHARE_POPUP_HEIGHT) / 2));
  const popup = window.open(
    event.currentTarget.href,
    `share-${network.toLowerCase()}`,
    `width=${SHARE_POPUP_WIDTH},height=${SHARE_POPUP_HEIGHT},left=${left},top=${top},resizable=yes,scrollbars=yes`,
  );
  // A blocked popup leaves the link to do its ordinary job (a new tab).
  if (!popup) return;
  event.preventDefault();
  // The share page must not be able to reach back into this one.
  try {
    popup.opener = null;
  } catch {
    // Cross-origin already: nothing to cut.
  }
}

const NETWORKS: ShareNetwork[] = ["Twitter", "Facebook", "LinkedIn"];

export function ShareButtons({ url, title }: { url: string; title: string }) {
  return (
    <ul aria-label="Share this article" className="flex items-center gap-1.5">
      {NETWORKS.map((network) => (
        <li key={network}>
          <a
            href={shareUrl(network, url, title)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => openPopup(event, network)}
            aria-label={`Share on ${network} (opens in a new window)`}
            data-share={network.toLowerCase()}
            className="inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface-raised text-ink-muted transition-colors hover:border-line-strong hover:text-ink"
          >
            <NetworkIcon network={network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function NetworkIcon({ network }: { network: ShareNetwork }) {
  if (network === "Twitter") {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="size-4">
        <path d="M18.9 2H22l-6.8 7.8L23.2 22h-6.3l-4.9-6.4L6.4 22H3.3l7.3-8.3L2.8 2h6.4l4.4 5.9L18.9 2Zm-1.1 18h1.7L8.3 3.9H6.5L17.8 20Z" />
      </svg>
    );
  }
  if (network === "Facebook") {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="size-4">
        <path d="M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.5c0-.9.3-1.6 1.6-1.6h1.7V4.1c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.3v3.2h2.8V22h3.4Z" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4V9.75Z" />
    </svg>
  );
}
