export * from './handles';
export * from './pay-links';
