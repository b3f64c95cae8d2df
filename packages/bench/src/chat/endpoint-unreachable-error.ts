/** Moved to @cosir/policy with the chat client that throws it; re-exported where it was first published. */
export { EndpointUnreachableError } from "@cosir/policy";
