"""Test support: stand-in services and generated data shared by the test suites."""
