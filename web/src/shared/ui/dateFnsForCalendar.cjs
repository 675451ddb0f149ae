/**
 * The date-fns functions react-date-range calls. The library is CommonJS and `require`s all of date-fns, which
 * no bundler can tree-shake; the build (vite.config.ts) hands it this module instead, so the calendar's chunk
 * carries these functions only (dateFnsForCalendar.test.ts checks the list against the library's code). CommonJS
 * like its caller, requiring date-fns's CommonJS files: the calendar's copies stay in the calendar's chunk and do
 * not pull its extra functions into the chunk of date-fns the pages share.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose (above) */
'use strict';

module.exports = {
  addDays: require('date-fns/addDays').addDays,
  addMonths: require('date-fns/addMonths').addMonths,
  addYears: require('date-fns/addYears').addYears,
  differenceInCalendarDays: require('date-fns/differenceInCalendarDays').differenceInCalendarDays,
  differenceInCalendarMonths: require('date-fns/differenceInCalendarMonths').differenceInCalendarMonths,
  differenceInDays: require('date-fns/differenceInDays').differenceInDays,
  eachDayOfInterval: require('date-fns/eachDayOfInterval').eachDayOfInterval,
  endOfDay: require('date-fns/endOfDay').endOfDay,
  endOfMonth: require('date-fns/endOfMonth').endOfMonth,
  endOfWeek: require('date-fns/endOfWeek').endOfWeek,
  format: require('date-fns/format').format,
  isAfter: require('date-fns/isAfter').isAfter,
  isBefore: require('date-fns/isBefore').isBefore,
  isEqual: require('date-fns/isEqual').isEqual,
  isSameDay: require('date-fns/isSameDay').isSameDay,
  isSameMonth: require('date-fns/isSameMonth').isSameMonth,
  isValid: require('date-fns/isValid').isValid,
  isWeekend: require('date-fns/isWeekend').isWeekend,
  isWithinInterval: require('date-fns/isWithinInterval').isWithinInterval,
  max: require('date-fns/max').max,
  min: require('date-fns/min').min,
  parse: require('date-fns/parse').parse,
  setMonth: require('date-fns/setMonth').setMonth,
  setYear: require('date-fns/setYear').setYear,
  startOfDay: require('date-fns/startOfDay').startOfDay,
  startOfMonth: require('date-fns/startOfMonth').startOfMonth,
  startOfWeek: require('date-fns/startOfWeek').startOfWeek,
  subDays: require('date-fns/subDays').subDays,
  subMonths: require('date-fns/subMonths').subMonths,
};
