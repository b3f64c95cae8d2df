import shared from "../../vitest.shared";

export default shared;
