/**
 * Five fixed sample reviews, rating 5 each, used by the landing page and the guest pages, always
 * under the sample label (components/sample-reviews-note.tsx). Written for illustration: the people
 * and brokerages are invented; no real company is named.
 */
export interface Testimonial {
  id: number
  name: string
  role: string
  location: string
  rating: number
  /** Initials stand in for a photo: no third-party images, no tracking. */
  image: string | null
  review: string
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Sarah Mitchell',
    role: 'Realtor, Example Realty Group',
    location: 'Austin, TX',
    rating: 5,
    image: null,
    review:
      'I used to spend an hour per listing retyping everything into Marketplace. Now it takes a click and a quick review. My weekend open houses fill up faster.',
  },
  {
    id: 2,
    name: 'David Chen',
    role: 'Broker / Owner',
    location: 'San Jose, CA',
    rating: 5,
    image: null,
    review:
      'My whole team uses it. The photos come across in order and the description keeps our brokerage attribution, which keeps our compliance officer happy.',
  },
  {
    id: 3,
    name: 'Maria Gonzalez',
    role: 'Real Estate Investor',
    location: 'Miami, FL',
    rating: 5,
    image: null,
    review:
      'Marketplace brings me buyers that never look at the big portals. ListingBridge made posting every property there a habit instead of a chore.',
  },
  {
    id: 4,
    name: 'James Carter',
    role: 'Team Lead, Sample Peak Realty',
    location: 'Denver, CO',
    rating: 5,
    image: null,
    review:
      'We tracked it for a quarter: more inbound messages per listing and hours back every week for each agent. The dashboard shows exactly what we used.',
  },
  {
    id: 5,
    name: 'Emily Roberts',
    role: 'Listing Agent',
    location: 'Columbus, OH',
    rating: 5,
    image: null,
    review:
      'No tech skills needed. I installed the extension, logged in, and my first listing was on Marketplace before my coffee got cold.',
  },
]
