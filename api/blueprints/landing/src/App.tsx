import { ContactSection } from '@/components/ContactSection';
// @if faqs
import { Faq } from '@/components/Faq';
import { FeatureGrid } from '@/components/FeatureGrid';
import { Footer } from '@/components/Footer';
import { Hero } from '@/components/Hero';
import { NavBar } from '@/components/NavBar';
// @if pricing
import { Pricing } from '@/components/Pricing';
import { Showcase } from '@/components/Showcase';
import { Testimonials } from '@/components/Testimonials';
// @if visit
import { VisitUs } from '@/components/VisitUs';

export function App() {
  return (
    <>
      <NavBar />
      <main>
        <Hero />
        <FeatureGrid />
        <Showcase />
        <Testimonials />
        {/* @if pricing */}
        <Pricing />
        {/* @if visit */}
        <VisitUs />
        {/* @if faqs */}
        <Faq />
        <ContactSection />
      </main>
      <Footer />
    </>
  );
}
