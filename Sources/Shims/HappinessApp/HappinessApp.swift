// HappinessApp is 0.14.0's name of GLFunHappinessApp, kept for one release so that code written against
// 0.14.0 (`import HappinessApp`) still builds; new code imports GLFunHappinessApp. Removed in 0.16.0.
@_exported import GLFunHappinessApp
