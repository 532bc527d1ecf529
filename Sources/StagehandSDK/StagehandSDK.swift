// The Swift authoring layer for effect bundles. See SDK files.
