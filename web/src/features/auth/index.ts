/** Public surface of the auth feature: The session and sign-in gates other screens use (the login and signup screens load lazily from their own files). Other features and the app import only this. */
export { SessionContext, useGuestSession, useSession, type Session } from './SessionContext';
export { SessionProvider } from './SessionProvider';
export { LoginRequired } from './LoginRequired';
export { RequireAuth } from './RequireAuth';
export { joinPath, QUESTION_FLOW_RETURN, wantsQuestionFlow, type LoginLocationState } from './loginState';
export { guestHome } from './session';
