// Host layer.
