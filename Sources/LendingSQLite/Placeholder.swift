// Placeholder so the package builds; replaced by the module's code.
