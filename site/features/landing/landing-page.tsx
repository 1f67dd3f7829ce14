import { useEffect } from 'react'
import { scrollToSection } from '../../components/layout/scroll-to-section.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { ClosingBannerSection } from './closing-banner-section.tsx'
import { HeroSection } from './hero-section.tsx'
import { HowItWorksSection } from './how-it-works-section.tsx'
import { KeyBenefitsSection } from './key-benefits-section.tsx'
import { ProblemSolutionSection } from './problem-solution-section.tsx'
import { StatisticsSection } from './statistics-section.tsx'
import { TestimonialsSection } from './testimonials-section.tsx'
import { ValuePropositionSection } from './value-proposition-section.tsx'

/** "/": the eight sections in order (docs/product.md#page-landing). */
export default function LandingPage() {
  usePageTitle(null)

  // Arriving from a footer link on another page (/#how-it-works): scroll once the sections exist.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (!id) return
    const frame = requestAnimationFrame(() => {
      scrollToSection(id)
    })
    return () => {
      cancelAnimationFrame(frame)
    }
  }, [])

  return (
    <>
      <HeroSection />
      <ValuePropositionSection />
      <ProblemSolutionSection />
      <KeyBenefitsSection />
      <StatisticsSection />
      <HowItWorksSection />
      <TestimonialsSection />
      <ClosingBannerSection />
    </>
  )
}
