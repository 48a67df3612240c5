// Placeholder: replaced by the database template set-up.
export default function setup() {}
