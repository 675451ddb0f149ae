export * from './auth';
export * from './dates';
export * from './errors';
export * from './names';
export * from './plans';
export * from './trips';
