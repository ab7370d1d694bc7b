/**
 * The site footer (spec, "Footer"): category and page links (the site pages are markdown edited
 * at /admin/pages), the legal pages, and the social links set in the site settings (a network
 * without an address is not shown).
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { TAGLINE } from "~/lib/meta";
import { CATEGORY_LINKS, MENU_CATEGORIES, type NavLinkItem } from "~/lib/site-nav";
import type { SocialNetwork } from "~/lib/site-settings";
import { useRootData } from "~/components/root-data";
import { LinkList } from "~/components/ui/link-list";
import { BrandLink } from "./brand";
import { SubscribeForm } from "./newsletter/subscribe-form";
import { useSiteName } from "./use-site-name";

type FooterItem = NavLinkItem;

/**
 * Pages whose own form asks for an email address, or that manage the newsletter themselves, show
 * no footer subscribe form: one "Email" field a page, so autofill, password managers and screen
 * readers never meet a second, unrelated one (and a person signing in is not asked to subscribe).
 */
const OWN_EMAIL_FORM =
  /^\/(login|register|forgot-password|reset-password|verify-email|contact|write-for-us|account|invite|setup|subscribe|subscription)(\/|$)/;

const columns: { heading: string; items: FooterItem[] }[] = [
  {
    heading: "Explore Articles",
    items: [...MENU_CATEGORIES, { name: "All Articles", to: "/search" }],
  },
  {
    heading: "Resources",
    items: [
      { name: "About Us", to: "/about" },
      CATEGORY_LINKS.tutorials,
      CATEGORY_LINKS.opinions,
      { name: "Best Practices", to: "/best-practices" },
      { name: "FAQ", to: "/faq" },
    ],
  },
  {
    heading: "Community",
    items: [
      { name: "Sign In", to: "/login" },
      { name: "Contribute", to: "/contribute" },
      { name: "Partnerships", to: "/partnerships" },
      { name: "Contact Us", to: "/contact" },
    ],
  },
];

const legal: NavLinkItem[] = [
  { name: "Terms of Service", to: "/terms" },
  { name: "Privacy Policy", to: "/privacy" },
  { name: "Refund Policy", to: "/refund-policy" },
  { name: "Accessibility Policy", to: "/accessibility" },
];

const footerLink =
  "rounded-sm text-sm text-ink-muted transition-colors hover:text-ink hover:underline underline-offset-4";

export function SiteFooter() {
  const siteName = useSiteName();
  const { pathname } = useLocation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-line bg-surface-sunken">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
          <div className="sm:col-span-2">
            <BrandLink className="w-fit text-lg font-extrabold" />
            <p className="mt-3 max-w-xs text-sm text-ink-muted">
              {TAGLINE}. Articles, tutorials and opinions for developers who care about their craft.
            </p>
            <SocialLinks
              className="mt-5 flex gap-2"
              linkClassName="inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface text-ink-muted transition-colors hover:border-brand hover:text-brand"
            />
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-labelledby={headingId(column.heading)}>
              <h2 id={headingId(column.heading)} className="text-sm font-semibold text-ink">
                {column.heading}
              </h2>
              <LinkList items={column.items} className="mt-4 space-y-2.5" linkClassName={footerLink} />
            </nav>
          ))}
        </div>

        {OWN_EMAIL_FORM.test(pathname) ? null : (
          <div className="mt-10 max-w-xl">
            <SubscribeForm
              heading="Newsletter"
              lead="New articles by email: everything, or only the topics you choose."
              categories={MENU_CATEGORIES.map((item) => ({ slug: item.to.split("/").pop() ?? "", name: item.name }))}
              everythingByDefault
              variant="footer"
            />
          </div>
        )}

        {/* Reserved for a future advertisement slot; hidden from everyone until it is used. */}
        <div hidden aria-hidden="true" data-ad-slot="footer" className="mt-10">
          Advertisement
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
          <p className="text-sm text-ink-muted">
            © <span suppressHydrationWarning>{year}</span> {siteName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <LinkList items={legal} className="flex flex-wrap gap-x-5 gap-y-2" linkClassName={footerLink} />
          </nav>
        </div>
      </div>
    </footer>
  );
}

function headingId(heading: string) {
  return `footer-${heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

function SocialIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className="size-[18px]" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/**
 * The social links the site settings give an address (none: no list at all). The footer and the
 * about page both show them.
 */
export function SocialLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  const social = useRootData()?.social;
  const shown = socials.filter((item) => social?.[item.network]);
  if (shown.length === 0) return null;
  return (
    <ul className={className} aria-label="Social media">
      {shown.map((item) => (
        <li key={item.network}>
          <a
            href={social?.[item.network] ?? undefined}
            aria-label={item.name}
            title={item.name}
            rel="noopener noreferrer me"
            className={linkClassName}
          >
            {item.icon}
          </a>
        </li>
      ))}
    </ul>
  );
}

const socials: { network: SocialNetwork; name: string; icon: ReactNode }[] = [
  {
    network: "pinterest",
    name: "Pinterest",
    icon: (
      <SocialIcon>
        <path d="M12 2a10 10 0 0 0-3.64 19.31c-.09-.79-.17-2 .03-2.87l1.18-5.01s-.3-.6-.3-1.49c0-1.4.81-2.44 1.82-2.44.86 0 1.27.64 1.27 1.41 0 .86-.55 2.15-.83 3.34-.24 1 .5 1.81 1.48 1.81 1.78 0 3.15-1.88 3.15-4.59 0-2.4-1.72-4.08-4.19-4.08-2.85 0-4.53 2.14-4.53 4.35 0 .86.33 1.79.75 2.29.08.1.09.19.07.29l-.28 1.14c-.04.18-.15.22-.34.13-1.25-.58-2.03-2.41-2.03-3.88 0-3.16 2.3-6.06 6.62-6.06 3.48 0 6.18 2.48 6.18 5.79 0 3.45-2.18 6.23-5.2 6.23-1.02 0-1.97-.53-2.3-1.15l-.62 2.38c-.23.87-.84 1.96-1.25 2.62A10 10 0 1 0 12 2Z" />
      </SocialIcon>
    ),
  },
  {
    network: "facebook",
    name: "Facebook",
    icon: (
      <SocialIcon>
        <path d="M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z" />
      </SocialIcon>
    ),
  },
  {
    network: "instagram",
    name: "Instagram",
    icon: (
      <SocialIcon>
        <path d="M12 7.4a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2Zm0 7.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm5.85-7.8a1.07 1.07 0 1 1-2.14 0 1.07 1.07 0 0 1 2.14 0ZM21 8.3c-.05-1.44-.38-2.71-1.43-3.76S17.24 3.16 15.8 3.1C14.32 3 9.68 3 8.2 3.1c-1.43.06-2.7.39-3.76 1.44S3.06 6.86 3 8.3c-.09 1.48-.09 5.92 0 7.4.05 1.44.38 2.71 1.44 3.76 1.05 1.05 2.32 1.38 3.76 1.44 1.48.08 5.92.08 7.4 0 1.44-.06 2.71-.39 3.76-1.44s1.38-2.32 1.44-3.76c.08-1.48.08-5.92 0-7.4Zm-1.9 9.2a3 3 0 0 1-1.7 1.7c-1.17.47-3.96.36-5.26.36s-4.1.1-5.26-.36a3 3 0 0 1-1.7-1.7c-.46-1.17-.36-3.95-.36-5.25s-.1-4.1.36-5.26a3 3 0 0 1 1.7-1.7c1.17-.46 3.96-.36 5.26-.36s4.1-.1 5.26.36a3 3 0 0 1 1.7 1.7c.47 1.17.36 3.96.36 5.26s.11 4.09-.36 5.25Z" />
      </SocialIcon>
    ),
  },
  {
    network: "twitter",
    name: "Twitter",
    icon: (
      <SocialIcon>
        <path d="M22 5.9c-.74.33-1.53.55-2.36.65a4.1 4.1 0 0 0 1.8-2.27c-.8.47-1.67.81-2.6 1a4.1 4.1 0 0 0-7 3.74A11.65 11.65 0 0 1 3.4 4.72a4.1 4.1 0 0 0 1.27 5.48 4.07 4.07 0 0 1-1.86-.52v.05a4.1 4.1 0 0 0 3.29 4.02 4.1 4.1 0 0 1-1.85.07 4.1 4.1 0 0 0 3.83 2.85A8.23 8.23 0 0 1 2 18.37a11.6 11.6 0 0 0 6.29 1.84c7.55 0 11.67-6.25 11.67-11.67l-.01-.53A8.3 8.3 0 0 0 22 5.9Z" />
      </SocialIcon>
    ),
  },
];
