import { siteMessages as messages } from '@shared/messages/site.ts';
import { SiteFooter } from '@web/components/layout/site-footer.tsx';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { IntegrationSection } from './integration-section.tsx';
import { LandingNav } from './landing-nav.tsx';
import { PricingSection } from './pricing-section.tsx';
import { RecognitionsCarousel } from './recognitions-carousel.tsx';
import { WaitlistSection } from './waitlist-section.tsx';

/**
 * / (spec point 2): nav, hero, waitlist, recognitions carousel, how it works, features,
 * integration, pricing and the footer, in that order.
 */
export function LandingPage() {
  usePageMeta(messages.landing.title, messages.landing.description);
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {messages.shell.skipToContent}
      </a>
      <LandingNav />
      <main id="main" className="flex flex-1 flex-col gap-20 pb-24 sm:gap-24">
        <div>
          <HeroSection />
          <WaitlistSection />
        </div>
        <RecognitionsCarousel />
        <HowItWorksSection />
        <FeaturesSection />
        <IntegrationSection />
        <PricingSection />
      </main>
      <SiteFooter />
    </div>
  );
}
