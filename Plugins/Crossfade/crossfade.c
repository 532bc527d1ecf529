#include "stagehand.h"
