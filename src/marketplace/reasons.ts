/** Why a field was left to the user, as the panel says it. */
export const REASONS = {
  formMissing:
    "The Marketplace form didn't appear. Reload the page, then convert the listing again.",
  notOnListing: "The listing doesn't say. Fill it in if you know it.",
  notFound: "Couldn't find this field on the page. Fill it in yourself.",
  notAccepted: (value: string) => `The form didn't take "${value}". Type it in yourself.`,
  noList: "The list of choices didn't open. Choose it yourself.",
  noOption: (value: string) => `Marketplace doesn't offer "${value}". Choose the closest option.`,
  noDescription: 'The listing has no description. Write a few lines about the home.',
  addressNoSuggestions: (line: string) =>
    `Marketplace suggested no address for "${line}". Type the address and pick it from the list.`,
  addressNoMatch: (line: string) =>
    `None of Marketplace's suggestions matched "${line}". Pick the right one yourself.`,
  noPhotosOnListing: 'The listing has no photos. Add some yourself.',
  photosNotDownloaded: "The photos couldn't be downloaded. Add them yourself.",
  photosPartly: (attached: number, total: number) =>
    `Attached ${attached} of ${total} photos; the others couldn't be downloaded. Add them yourself.`,
  photosNotTaken: "The form didn't take the photos. Add them yourself.",
  dateAvailable: "Pick the date the home is available; the listing doesn't say.",
  pickDate: (date: string) => `Pick ${date}, the date the listing says the home is available.`,
  failed: 'Something went wrong filling this field. Fill it in yourself.',
} as const
