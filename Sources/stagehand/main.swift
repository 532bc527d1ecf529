print("stagehand")
