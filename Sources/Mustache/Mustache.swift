// The Mustache module. See SPEC §2 for its one reason to change.
