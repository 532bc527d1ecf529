// The renderer: traces to pictures (DESIGN.md layer 7).
