/**
 * The expense forms' name for TextInput, until they move to the form layer (issue #14: they were being reworked
 * for currencies, several payers and receipts when the other forms moved). New code imports TextInput from './Field'.
 */
export { TextInput as TextField } from './Field';
