import type { EndpointName } from '@wayfare/contract';

/**
 * The app's pages, each written once: its address, its module, who may see it and, for the signed-in pages whose
 * first visit index.html starts before the app runs, the API reads it makes first. Plain data (no component, no
 * schema): app/routes.tsx builds the router from it (each page's module is its own chunk, loaded on first visit),
 * app/shell/shellRoutes.ts the framed pages' patterns, and web/vite-first-load.ts, at build time in Node, the
 * first-load table (its API addresses from contract's endpoint catalogue).
 */

/** A read a page makes first: a catalogue endpoint (by name), the page path's params it takes, its query. */
export interface FirstRead {
  endpoint: EndpointName;
  /** Path params of the page passed on to the endpoint under the same name (`tripId`). */
  params?: readonly string[];
  query?: Readonly<Record<string, string>>;
}

export interface Page {
  /** As react-router matches it, absolute: '/trips/:tripId/split'. */
  path: string;
  /** The page's module under web/src (a `*Page.tsx` of a feature) and the component it exports. */
  module: string;
  component: string;
  /**
   * `public`: anyone; `signed-in`: others are sent to log in; `signed-in-or-ask`: others are asked to log in there.
   */
  access: 'public' | 'signed-in' | 'signed-in-or-ask';
  /** Rendered inside the data layer (TanStack Query): every page that reads the API. */
  dataLayer: boolean;
  /** The page's frame is in index.html, and its first reads start before the app runs. */
  firstLoad?: {
    reads: readonly FirstRead[];
    /** It shows sums of money at once (its first Intl.NumberFormat is made before its first data). */
    formatsMoney?: boolean;
  };
}

export const PAGES = {
  login: {
    path: '/login',
    module: 'features/auth/LoginPage.tsx',
    component: 'LoginPage',
    access: 'public',
    dataLayer: false,
  },
  signup: {
    path: '/signup',
    module: 'features/auth/SignupPage.tsx',
    component: 'SignupPage',
    access: 'public',
    dataLayer: false,
  },
  // An invite link: signed-out visitors are asked to log in or sign up there, then join.
  join: {
    path: '/join/:token',
    module: 'features/join/JoinPage.tsx',
    component: 'JoinPage',
    access: 'public',
    dataLayer: true,
  },
  // A guest's claim link: anyone holding it sees what it offers; signed-out visitors log in or sign up there first.
  claim: {
    path: '/claim/:token',
    module: 'features/claim/ClaimPage.tsx',
    component: 'ClaimPage',
    access: 'public',
    dataLayer: true,
  },
  trips: {
    path: '/trips',
    module: 'features/trips/TripsPage.tsx',
    component: 'TripsPage',
    access: 'signed-in',
    dataLayer: true,
    firstLoad: {
      reads: [{ endpoint: 'listTrips', query: { cursor: '' } }, { endpoint: 'myInvitations' }],
    },
  },
  tripDetails: {
    path: '/trips/:tripId',
    module: 'features/trip-details/TripDetailsPage.tsx',
    component: 'TripDetailsPage',
    access: 'signed-in',
    dataLayer: true,
    firstLoad: { reads: [{ endpoint: 'getTrip', params: ['tripId'] }] },
  },
  editTrip: {
    path: '/trips/:tripId/edit',
    module: 'features/trips/EditTripPage.tsx',
    component: 'EditTripPage',
    access: 'signed-in',
    dataLayer: true,
  },
  tripSplit: {
    path: '/trips/:tripId/split',
    module: 'features/ledger/TripSplitPage.tsx',
    component: 'TripSplitPage',
    access: 'signed-in',
    dataLayer: true,
    firstLoad: {
      formatsMoney: true,
      reads: [
        { endpoint: 'getTrip', params: ['tripId'] },
        { endpoint: 'getBudget', params: ['tripId'] },
      ],
    },
  },
  splitOverview: {
    path: '/trip-split',
    module: 'features/ledger/TripSplitOverviewPage.tsx',
    component: 'TripSplitOverviewPage',
    access: 'signed-in-or-ask',
    dataLayer: true,
    firstLoad: {
      formatsMoney: true,
      reads: [{ endpoint: 'splitUserTrips', query: { cursor: '' } }, { endpoint: 'myInvitations' }],
    },
  },
  // A share link's read-only trip: open to anyone holding the link, signed in or not.
  sharedTrip: {
    path: '/shared/:tripId/:token',
    module: 'features/sharing/SharedTripPage.tsx',
    component: 'SharedTripPage',
    access: 'public',
    dataLayer: true,
  },
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof PAGES;

/** The pages index.html has a frame and first reads for. */
export type FramedPage = {
  [K in PageName]: (typeof PAGES)[K] extends { firstLoad: object } ? K : never;
}[PageName];

/** The names of a page path's params, in order: '/shared/:tripId/:token' → ['tripId', 'token']. */
export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map(([, name]) => name as string);

/** The page's pattern on location.pathname: each param a group (`$1`…), an optional trailing slash. */
export const pathPattern = (path: string) =>
  `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)')}/?$`;
