"""belot: score calculator and score keeper for Bulgarian Belot and Saudi Baloot."""

__version__ = "0.1.0"
