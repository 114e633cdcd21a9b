return {
  name = "broken",
  min_press_duration = "long",
}
